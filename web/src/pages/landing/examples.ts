import type { Language } from '../../config/constants';

/**
 * The landing page's example clips: real renders of Kadr's built-in renderer (the `local` video
 * provider's scene, services/jobs/src/integrations/providers/local/scene.ts) for these prompts and
 * seeds, scaled to 640×360 and 4 s so the page stays light (`web/public/examples/`).
 */
export interface ExampleClip {
  id: string;
  prompt: string;
  /** The prompt's own language (screen readers pronounce it right). */
  promptLanguage: Language;
  video: string;
  poster: string;
}

export const EXAMPLE_CLIPS: readonly ExampleClip[] = [
  {
    id: 'tatra-sunrise',
    prompt: 'Sunrise over the Tatra mountains, slow drone flight through mist',
    promptLanguage: 'en',
    video: '/examples/tatra-sunrise.mp4',
    poster: '/examples/tatra-sunrise.webp',
  },
  {
    id: 'neon-rain',
    prompt: 'Neonowe miasto nocą, deszcz odbija światła witryn',
    promptLanguage: 'pl',
    video: '/examples/neon-rain.mp4',
    poster: '/examples/neon-rain.webp',
  },
  {
    id: 'deep-sea',
    prompt: 'Jellyfish glowing in deep blue water, calm and dreamy',
    promptLanguage: 'en',
    video: '/examples/deep-sea.mp4',
    poster: '/examples/deep-sea.webp',
  },
];
