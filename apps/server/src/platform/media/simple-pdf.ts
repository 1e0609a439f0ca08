/**
 * A small valid PDF written by hand: pages of text lines and filled boxes in the standard
 * Helvetica font. Used for the demo workspace's brief and by tests; nothing here is meant
 * for real documents.
 */
export interface SimplePage {
  lines: { text: string; size: number; x: number; y: number }[];
  boxes: { x: number; y: number; width: number; height: number; rgb: [number, number, number] }[];
}

const escapeText = (text: string) => text.replace(/[\\()]/g, '\\$&');

export function simplePdf(pages: SimplePage[]): Buffer {
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const pageIds: number[] = [];
  for (const page of pages) {
    const content = [
      ...page.boxes.map(
        (b) => `${b.rgb.map((c) => c.toFixed(3)).join(' ')} rg ${b.x} ${b.y} ${b.width} ${b.height} re f`,
      ),
      '0.1 0.1 0.12 rg',
      ...page.lines.map((l) => `BT /F1 ${l.size} Tf ${l.x} ${l.y} Td (${escapeText(l.text)}) Tj ET`),
    ].join('\n');
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    const contentId = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    pageIds.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
