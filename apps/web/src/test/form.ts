/** The error text a Mantine input shows (linked to the input by aria-describedby), or null. */
export function fieldError(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  for (const id of ids) {
    const element = id.endsWith('-error') ? document.getElementById(id) : null;
    if (element) return element.textContent;
  }
  return null;
}
