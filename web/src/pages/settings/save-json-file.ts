/**
 * Hands a JSON document to the browser as a file download (`name`), pretty-printed so a person can
 * read it. The object URL lives only as long as the click needs it.
 */
export function saveJsonFile(document_: unknown, name: string): void {
  const blob = new Blob([`${JSON.stringify(document_, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click has started the download (revoking at once can cancel it in some browsers).
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** `kadr-data-<yyyy-mm-dd>.json`, the day the server composed the archive (as the gateway names it). */
export const exportFileName = (exportedAt: string): string => `kadr-data-${exportedAt.slice(0, 10)}.json`;
