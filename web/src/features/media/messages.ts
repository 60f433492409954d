/**
 * Strings of the video pieces shared by the gallery and the dashboard (namespace `media`).
 * Quoted spec strings (spec §2 "Gallery", §8) are kept word for word in `en`: "No preview",
 * "Loading…", "Failed to load video URL.", "No URL".
 */
export const mediaMessages = {
  en: {
    card: {
      play: 'Play video from {{date}}',
      createdAt: 'Created {{date}}',
      duration: 'Duration: {{value}}',
      resolution: 'Resolution: {{value}}',
      processing: 'Processing…',
      finishing: 'Finishing',
      finishingHint: 'Your video is almost ready. It appears here in a moment.',
      upscaled: 'Upscaled',
      startImage: 'The image this video started from',
    },
    thumbnail: {
      noPreview: 'No preview',
    },
    player: {
      title: 'Video from {{date}}',
      loading: 'Loading…',
      lookupFailed: 'Failed to load video URL.',
      noUrl: 'No URL',
      retry: 'Retry',
    },
  },
  pl: {
    card: {
      play: 'Odtwórz film z {{date}}',
      createdAt: 'Utworzono {{date}}',
      duration: 'Czas trwania: {{value}}',
      resolution: 'Rozdzielczość: {{value}}',
      processing: 'Przetwarzanie…',
      finishing: 'Kończenie',
      finishingHint: 'Film jest prawie gotowy. Za chwilę pojawi się tutaj.',
      upscaled: 'Powiększony',
      startImage: 'Obraz, od którego zaczyna się ten film',
    },
    thumbnail: {
      noPreview: 'Brak podglądu',
    },
    player: {
      title: 'Film z {{date}}',
      loading: 'Ładowanie…',
      lookupFailed: 'Nie udało się wczytać adresu filmu.',
      noUrl: 'Brak adresu',
      retry: 'Spróbuj ponownie',
    },
  },
} as const;
