/**
 * Strings of the gallery (`/gallery`, namespace `gallery`). Quoted spec strings (spec §2 "Gallery")
 * are kept word for word in `en`: "No videos yet.", "Failed to load videos". Plural keys follow
 * i18next (`_one`, `_few`, `_many`, `_other`; Polish needs all four).
 */
export const galleryMessages = {
  en: {
    documentTitle: 'My videos — Kadr',
    title: 'My videos',
    found_one: '{{value}} video found',
    found_other: '{{value}} videos found',
    loadingVideos: 'Loading videos…',
    empty: 'No videos yet.',
    emptyHint: 'Videos you generate appear here when they are ready.',
    generate: 'Generate a video',
    pageEmpty: 'Nothing on this page.',
    pageEmptyHint: 'The list is shorter than this page number.',
    firstPage: 'Go to the first page',
    loadFailed: 'Failed to load videos',
    listLabel: 'Videos',
    pager: {
      label: 'Pages',
      prev: 'Prev',
      next: 'Next',
      pageOf: 'Page {{page}} of {{pages}}',
    },
    debug: {
      summary: 'Debug: ids on this page ({{count}})',
      jobId: 'Job id',
      mediaId: 'Media id',
    },
  },
  pl: {
    documentTitle: 'Moje filmy — Kadr',
    title: 'Moje filmy',
    found_one: 'Znaleziono {{value}} film',
    found_few: 'Znaleziono {{value}} filmy',
    found_many: 'Znaleziono {{value}} filmów',
    found_other: 'Znaleziono {{value}} filmu',
    loadingVideos: 'Ładowanie filmów…',
    empty: 'Nie masz jeszcze filmów.',
    emptyHint: 'Wygenerowane filmy pojawią się tutaj, gdy będą gotowe.',
    generate: 'Wygeneruj film',
    pageEmpty: 'Na tej stronie nic nie ma.',
    pageEmptyHint: 'Lista jest krótsza niż ten numer strony.',
    firstPage: 'Przejdź do pierwszej strony',
    loadFailed: 'Nie udało się wczytać filmów',
    listLabel: 'Filmy',
    pager: {
      label: 'Strony',
      prev: 'Poprzednia',
      next: 'Następna',
      pageOf: 'Strona {{page}} z {{pages}}',
    },
    debug: {
      summary: 'Debug: identyfikatory na tej stronie ({{count}})',
      jobId: 'Id zadania',
      mediaId: 'Id nagrania',
    },
  },
} as const;
