import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

const require = createRequire(import.meta.url);

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function fromNpm(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string | undefined {
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return undefined;
  }
}

/**
 * ffmpeg and ffprobe, in the order of architecture §7: FFMPEG_PATH / FFPROBE_PATH, then the
 * system's (Debian's ffmpeg 5.1 is better), then the npm-shipped builds.
 */
export function resolveMediaBinaries(configured: {
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
}): MediaBinaries {
  const ffmpeg = configured.ffmpegPath ?? onPath('ffmpeg') ?? fromNpm('@ffmpeg-installer/ffmpeg');
  const ffprobe = configured.ffprobePath ?? onPath('ffprobe') ?? fromNpm('@ffprobe-installer/ffprobe');
  if (!ffmpeg || !ffprobe) {
    throw new Error('ffmpeg and ffprobe were not found: install them or set FFMPEG_PATH and FFPROBE_PATH');
  }
  return { ffmpeg, ffprobe };
}
