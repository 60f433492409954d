import { Router, type Response } from 'express';

/** A dependency the service cannot serve without (database, bus, cache). */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export interface HealthState {
  /** False once shutdown has begun, so load balancers stop sending new work. */
  accepting: boolean;
}

const CHECK_TIMEOUT_MS = 2000;

async function runCheck(dependency: ReadinessCheck): Promise<[string, string]> {
  const { name } = dependency;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([dependency.check(), timeout]);
    return [name, 'ok'];
  } catch (error) {
    // Only the error class goes out: messages can carry hosts or credentials.
    return [name, error instanceof Error && error.message === 'timed out' ? 'timeout' : 'failing'];
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(service: string, checks: ReadinessCheck[], state: HealthState): Router {
  const router = Router();
  const live = (_req: unknown, res: Response) => {
    res.json({ status: 'ok', service });
  };
  router.get('/health', live);
  router.get('/health/live', live);
  router.get('/health/ready', async (_req, res) => {
    const results = Object.fromEntries(await Promise.all(checks.map(runCheck)));
    const ready = state.accepting && Object.values(results).every((r) => r === 'ok');
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ok' : state.accepting ? 'degraded' : 'draining', service, checks: results });
  });
  return router;
}
