import type { AiModel } from '@kadr/contracts';
import { MODEL_CATALOGUE } from '../catalogue/models';
import type { VideoProvider } from './video-provider';

/** How long a provider's health answer is reused. */
const HEALTH_TTL_MS = 10_000;

/** The registered providers (local always; fal with a key; faulty only in tests) and the models they make available. */
export class ProviderRegistry {
  private readonly health = new Map<string, { at: number; ok: Promise<boolean> }>();

  constructor(private readonly providers: readonly VideoProvider[]) {}

  names(): string[] {
    return this.providers.map((p) => p.name);
  }

  get(name: string): VideoProvider | undefined {
    return this.providers.find((p) => p.name === name);
  }

  async isHealthy(name: string): Promise<boolean> {
    const provider = this.get(name);
    if (!provider) return false;
    const cached = this.health.get(name);
    if (cached && Date.now() - cached.at < HEALTH_TTL_MS) return cached.ok;
    const ok = provider.isAvailable().catch(() => false);
    this.health.set(name, { at: Date.now(), ok });
    return ok;
  }

  /** Models whose provider is registered and healthy, in catalogue order. */
  async availableModels(): Promise<AiModel[]> {
    const healthy = await Promise.all(MODEL_CATALOGUE.map((m) => this.isHealthy(m.provider)));
    return MODEL_CATALOGUE.filter((_m, i) => healthy[i]);
  }

  async findAvailableModel(modelId: string): Promise<AiModel | undefined> {
    return (await this.availableModels()).find((m) => m.id === modelId);
  }
}
