/** Saves `content` as a file named `fileName` (the browser's download, no new window). */
export function saveFile(content: string, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
