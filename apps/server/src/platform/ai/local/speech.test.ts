import { describe, expect, it } from 'vitest';
import { linesOfWords, SpeechUnavailableError, transcribeSpeech, wordsOf } from './speech.js';

/** pocketsphinx's `-time yes` output as the local transcript reads it (issue 15). */
const OUTPUT = `go forward ten meters
<s> 0.390 0.460 1.000000
go 0.470 0.640 0.997303
forward 0.650 1.170 0.996705
ten 1.180 1.530 0.237125
meters 1.540 2.120 0.947616
</s> 2.130 2.610 1.000000
and then at leisure
<s> 4.670 4.790 0.998201
<sil> 4.800 5.010 0.986589
[NOISE] 5.010 5.020 0.5
and(2) 5.020 5.160 0.152161
then 5.170 5.420 0.947710
at 5.430 5.790 0.865700
leisure(2) 5.800 6.120 0.746071
</s> 6.130 6.380 1.000000
`;

describe('local speech: reading pocketsphinx', () => {
  it('keeps the words with their times, without markers or pronunciation numbers', () => {
    expect(wordsOf(OUTPUT).map((w) => w.word)).toEqual([
      'go',
      'forward',
      'ten',
      'meters',
      'and',
      'then',
      'at',
      'leisure',
    ]);
    expect(wordsOf(OUTPUT)[0]).toEqual({ word: 'go', startMs: 470, endMs: 640 });
  });

  it('starts a line after a pause, and keeps lines short', () => {
    expect(linesOfWords(wordsOf(OUTPUT))).toEqual([
      { startMs: 470, endMs: 2120, text: 'go forward ten meters' },
      { startMs: 5020, endMs: 6120, text: 'and then at leisure' },
    ]);
    const talk = Array.from({ length: 30 }, (_, i) => ({
      word: `w${i}`,
      startMs: i * 300,
      endMs: i * 300 + 250,
    }));
    const lines = linesOfWords(talk);
    expect(lines.map((l) => l.text.split(' ').length)).toEqual([14, 14, 2]);
    expect(lines.every((l) => l.endMs - l.startMs <= 7000)).toBe(true);
  });

  it('says when pocketsphinx is not installed', async () => {
    await expect(
      transcribeSpeech('/tmp/none.wav', { binary: '/nonexistent/pocketsphinx' }),
    ).rejects.toBeInstanceOf(SpeechUnavailableError);
  });
});
