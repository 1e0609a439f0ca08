import { formatBytes, type Reply } from '@hookline/contract';
import { Stack, Tabs, Text } from '@mantine/core';
import { type ReactNode, type RefObject, useState } from 'react';
import { analysisTexts } from '@/config/texts/analysis';
import { libraryTexts } from '@/config/texts/library';
import { BoardLocationsPanel } from '@/entities/board/components/board-locations-panel-on-demand';
import { CommentsPanel } from '@/entities/comment/components/comments-panel-on-demand';
import { analysisRunning } from '../api/analysis';
import type { AssetItem, BrandScope } from '../api/keys';
import { AnalysisSection } from './analysis-section';
import { AssetInfo } from './asset-info';
import { DescriptionField } from './description-field';
import { PerformancePanel } from './performance-panel-on-demand';
import classes from './player.module.css';
import { TagsField } from './tags-field';
import { TranscriptPanel } from './transcript-panel';
import { VideoIntelligencePanel } from './video-intelligence-panel';

const t = libraryTexts.library;

/**
 * The player's tabs (000 §2 media player), in order. transcript: video and audio;
 * videoIntelligence: videos, signed in; analytic: the opening page's own (an ad's figures,
 * 001 §2 analytics player); performance (ours, issue 17 "Beyond the seeds"; the seeds'
 * 'analytic' tab stays off brand assets): brand images and videos, for the brand's members;
 * boards: write access in the item's brand.
 */
export const playerTabs = [
  'overview',
  'transcript',
  'comments',
  'info',
  'videoIntelligence',
  'analytic',
  'performance',
  'boards',
] as const;
export type PlayerTab = (typeof playerTabs)[number];

/**
 * The player's side panel: its tabs (those the item and the viewer have) and the open one's
 * content. Choosing the open tab again folds the panel away to a column of tab names.
 */
export function PlayerPanel({
  scope,
  asset,
  tabs,
  currentTab,
  onTab,
  mediaRef,
  canEdit,
  canComment,
  viewer,
  onChooseComment,
  highlightCommentId,
  analytic,
}: {
  scope: BrandScope;
  asset: AssetItem | undefined;
  tabs: readonly PlayerTab[];
  currentTab: PlayerTab;
  onTab: (tab: PlayerTab) => void;
  mediaRef: RefObject<HTMLMediaElement | null>;
  canEdit: boolean;
  canComment: boolean;
  viewer: { userId: string; isAdmin: boolean; canWrite: boolean } | null;
  onChooseComment: (comment: Reply) => void;
  highlightCommentId: string | null;
  /** The analytic tab's content, from the page that opened the player. */
  analytic?: ReactNode;
}) {
  const [panelOpen, setPanelOpen] = useState(true);
  const has = (tab: PlayerTab) => tabs.includes(tab);
  return (
    <Tabs
      value={panelOpen ? currentTab : null}
      onChange={(value) => value && onTab(value as PlayerTab)}
      orientation="horizontal"
      className={panelOpen ? classes.panel : undefined}
      style={panelOpen ? undefined : { background: 'transparent' }}
    >
      <Tabs.List
        px={panelOpen ? 4 : 'sm'}
        pt="xs"
        className={panelOpen ? classes.panelTabs : undefined}
        style={panelOpen ? undefined : { flexDirection: 'column', padding: 8 }}
      >
        {tabs.map((value) => (
          <Tabs.Tab
            key={value}
            value={value}
            className={classes.panelTab}
            onClick={() => {
              if (value === currentTab) setPanelOpen((open) => !open);
              else setPanelOpen(true);
            }}
            c={panelOpen ? undefined : 'gray.3'}
          >
            {t.tabs[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {panelOpen && asset && (
        <>
          <Tabs.Panel value="overview" p="md">
            <Stack gap="xs">
              <Text fw={600}>{asset.name}</Text>
              <Text size="sm" c="dimmed">
                {t.types[asset.type]} · {formatBytes(asset.size)}
              </Text>
              <DescriptionField key={asset.id} scope={scope} asset={asset} canEdit={canEdit} />
              <TagsField scope={scope} asset={asset} canEdit={canEdit && !analysisRunning(asset)} />
              {canEdit && analysisRunning(asset) && (
                <Text size="xs" c="dimmed">
                  {analysisTexts.tagsBlocked}
                </Text>
              )}
              <AnalysisSection scope={scope} asset={asset} canEdit={canEdit} mediaRef={mediaRef} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="comments" p="md">
            {currentTab === 'comments' && (
              <CommentsPanel
                key={asset.id}
                scope={scope}
                asset={asset}
                viewer={viewer}
                playhead={() => mediaRef.current?.currentTime ?? null}
                tools={{
                  range: asset.type === 'VIDEO' || asset.type === 'AUDIO',
                  draw: asset.type === 'VIDEO' || asset.type === 'IMAGE' || asset.type === 'ANIMATION',
                  pin: asset.type === 'IMAGE',
                  onDraw: () => mediaRef.current?.pause(),
                }}
                onSelect={onChooseComment}
                highlightId={highlightCommentId}
              />
            )}
          </Tabs.Panel>
          {has('transcript') && (
            <Tabs.Panel value="transcript" p="md">
              {currentTab === 'transcript' && (
                <TranscriptPanel key={asset.id} scope={scope} asset={asset} mediaRef={mediaRef} />
              )}
            </Tabs.Panel>
          )}
          <Tabs.Panel value="info" p="md">
            {currentTab === 'info' && <AssetInfo asset={asset} scope={scope} canEdit={canEdit} />}
          </Tabs.Panel>
          {has('videoIntelligence') && (
            <Tabs.Panel value="videoIntelligence" p="md">
              {currentTab === 'videoIntelligence' && (
                <VideoIntelligencePanel
                  key={asset.id}
                  scope={scope}
                  asset={asset}
                  mediaRef={mediaRef}
                  canSave={canEdit}
                />
              )}
            </Tabs.Panel>
          )}
          {has('analytic') && (
            <Tabs.Panel value="analytic" p="md">
              {currentTab === 'analytic' && analytic}
            </Tabs.Panel>
          )}
          {has('performance') && (
            <Tabs.Panel value="performance" p="md">
              {currentTab === 'performance' && (
                <PerformancePanel key={asset.id} scope={scope} asset={asset} />
              )}
            </Tabs.Panel>
          )}
          {has('boards') && (
            <Tabs.Panel value="boards" p="md">
              {currentTab === 'boards' && <BoardLocationsPanel key={asset.id} scope={scope} asset={asset} />}
            </Tabs.Panel>
          )}
        </>
      )}
    </Tabs>
  );
}
