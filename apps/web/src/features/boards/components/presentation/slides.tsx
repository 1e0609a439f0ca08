import { interpolate } from '@hookline/contract';
import { Badge, Loader } from '@mantine/core';
import { IconFile, IconMusic, IconPhoto } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { presentationTexts as t } from '@/config/texts/board-presentation';
import { boardsTexts } from '@/config/texts/boards-pages';
import type { AssetItem } from '@/entities/asset/api/keys';
import { boardStatusColors } from '@/entities/board/status-colors';
import type { Board } from '../../api/keys';
import classes from './presentation.module.css';

/**
 * The rich description's read-only rendering, fetched only for a board that has one. Imported
 * here rather than through rich-description/lazy.tsx, so the presentation shares no chunk with
 * the board page and the route table's preload list stays as short as it can.
 */
const RichDescription = lazy(() => import('../rich-description/rich-description-editor'));

/** The first slide: the board's title, status and description. */
export function CoverSlide({ board, itemCount }: { board: Board; itemCount: number | null }) {
  // The server derives the plain description from the rich one: no plain text, nothing to show.
  const description = board.description?.trim();
  return (
    <div className={classes.cover} data-testid="presentation-cover">
      <div className={classes.eyebrow}>{t.presentation}</div>
      <h1 className={classes.title}>{board.name}</h1>
      <div className={classes.coverMeta}>
        <Badge
          variant="light"
          color={boardStatusColors[board.status]}
          radius="sm"
          size="lg"
          tt="none"
          data-testid="board-status"
        >
          {boardsTexts.statuses[board.status]}
        </Badge>
        {itemCount !== null && (
          <span data-testid="presentation-item-count">
            {itemCount === 1 ? t.itemsOne : interpolate(t.items, { count: itemCount })}
          </span>
        )}
      </div>
      {description && (
        <div className={classes.description} data-testid="presentation-description">
          {board.lexicalDescription ? (
            <Suspense fallback={<p className={classes.plainDescription}>{description}</p>}>
              <RichDescription value={board.lexicalDescription} readOnly inverted />
            </Suspense>
          ) : (
            <p className={classes.plainDescription}>{description}</p>
          )}
        </div>
      )}
      <div className={classes.hint}>{itemCount === 0 ? t.noItems : t.start}</div>
    </div>
  );
}

export interface ItemSlideProps {
  item: AssetItem;
  /** The item's review state pill (review mode, to come). */
  reviewPill?: ReactNode;
}

/**
 * One board item, large: an image at its 1280 px preview (an animation as it is), a video on
 * its 480p variant with its poster, audio with a player, anything else its preview or its icon.
 */
export function ItemSlide({ item, reviewPill }: ItemSlideProps) {
  return (
    <div className={classes.slide} data-testid="presentation-slide" data-item-id={item.id}>
      <div className={classes.mediaFrame}>
        <ItemMedia item={item} />
      </div>
      {reviewPill}
    </div>
  );
}

function ItemMedia({ item }: { item: AssetItem }) {
  const urls = item.transcodingUrls ?? {};
  if (item.type === 'VIDEO') {
    const src = urls.short ?? item.url;
    if (!src) return <Placeholder item={item} pending />;
    return (
      // biome-ignore lint/a11y/useMediaCaption: no caption files exist for uploaded videos.
      <video
        key={item.id}
        className={classes.media}
        src={src}
        poster={urls.poster ?? item.previewURL ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={item.name}
        data-testid="presentation-video"
      />
    );
  }
  if (item.type === 'AUDIO') {
    const src = urls.audio ?? item.url;
    return (
      <Placeholder item={item} icon={<IconMusic size={40} stroke={1.5} />} pending={!src}>
        {src && (
          // biome-ignore lint/a11y/useMediaCaption: uploaded audio has no caption track.
          <audio className={classes.audio} src={src} controls preload="metadata" aria-label={item.name} />
        )}
      </Placeholder>
    );
  }
  const image = slideImage(item);
  if (image)
    return (
      <img
        key={item.id}
        className={classes.media}
        src={image}
        alt={item.name}
        draggable={false}
        data-testid="presentation-image"
      />
    );
  return <Placeholder item={item} pending={item.type === 'IMAGE'} />;
}

/** The picture a slide shows: an animation itself, else the large preview, the original image, the thumbnail. */
export function slideImage(item: AssetItem): string | null {
  const urls = item.transcodingUrls ?? {};
  if (item.type === 'ANIMATION') return item.url ?? urls.preview ?? item.previewURL;
  if (item.type === 'IMAGE') return urls.preview ?? item.url ?? item.previewURL;
  return urls.preview ?? item.previewURL;
}

function Placeholder({
  item,
  icon,
  pending = false,
  children,
}: {
  item: AssetItem;
  icon?: ReactNode;
  pending?: boolean;
  children?: ReactNode;
}) {
  const processing =
    pending &&
    (item.uploadingState === 'UPLOADING' || item.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL');
  return (
    <div className={classes.placeholder} data-testid="presentation-placeholder">
      {processing ? (
        <Loader color="gray" size="sm" />
      ) : (
        (icon ??
        (item.type === 'IMAGE' ? <IconPhoto size={40} stroke={1.5} /> : <IconFile size={40} stroke={1.5} />))
      )}
      <div className={classes.placeholderName}>{item.name}</div>
      {children ?? <div>{pending ? t.previewNotReady : t.noPreview}</div>}
    </div>
  );
}
