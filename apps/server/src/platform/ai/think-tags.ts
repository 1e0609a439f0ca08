/**
 * Splits `<think>…</think>` out of streamed content (models whose server does not report a
 * reasoning field put their thoughts in the text). A tag may be cut across chunks, so a tail that
 * could be the start of a tag is held back until the next chunk decides it.
 */
const OPEN = '<think>';
const CLOSE = '</think>';

export interface ThinkPiece {
  kind: 'text' | 'reasoning';
  text: string;
}

export class ThinkSplitter {
  private inThink = false;
  private held = '';

  push(chunk: string): ThinkPiece[] {
    const pieces: ThinkPiece[] = [];
    let rest = this.held + chunk;
    this.held = '';
    while (rest) {
      const tag = this.inThink ? CLOSE : OPEN;
      const at = rest.indexOf(tag);
      if (at >= 0) {
        this.emit(pieces, rest.slice(0, at));
        this.inThink = !this.inThink;
        rest = rest.slice(at + tag.length);
        continue;
      }
      const keep = partialTagAtEnd(rest, tag);
      this.emit(pieces, rest.slice(0, rest.length - keep));
      this.held = rest.slice(rest.length - keep);
      break;
    }
    return pieces;
  }

  /** The end of the stream: whatever was held back was not a tag after all. */
  flush(): ThinkPiece[] {
    const pieces: ThinkPiece[] = [];
    this.emit(pieces, this.held);
    this.held = '';
    return pieces;
  }

  private emit(pieces: ThinkPiece[], text: string) {
    if (text) pieces.push({ kind: this.inThink ? 'reasoning' : 'text', text });
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialTagAtEnd(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}
