/** Saves a file through the browser's download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Saves `value` as a pretty-printed JSON file named `fileName` through the browser's download. */
export function downloadJson(fileName: string, value: unknown): void {
  downloadBlob(fileName, new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
}

/** Saves CSV text, with a byte order mark so that spreadsheets read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadBlob(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
