import type { ComponentType } from 'react';
import type { GuideHealth } from '#shared/drift';
import type { GuideDto } from '#shared/guides';

/**
 * Narration, translation and drift are features of their own; features do not import each other,
 * so the design route hands their panels to the design view, which places them and gives them
 * what they need: the guide, what the plan allows, the way to the trial, and its own text field.
 */
export type VoiceoverPanelComponent = ComponentType<{
  guide: GuideDto;
  /** the plan has voiceover; undefined while loading */
  canNarrate: boolean | undefined;
  onChange: (data: { voiceId?: string; speechRate?: number }) => void;
  onLocked: () => void;
}>;

/** The design view's autosaving text field, lent to a panel that edits text of the guide. */
export type DesignTextField = ComponentType<{ label: string; value: string; rows?: number; maxLength?: number; onSave: (text: string) => Promise<unknown> | void }>;

export type TranslationsPanelComponent = ComponentType<{
  guideId: string;
  TextField: DesignTextField;
  /** the plan has voiceover (translations are voiced); undefined while loading */
  canTranslate: boolean | undefined;
  onLocked: () => void;
}>;

export type DriftPanelComponent = ComponentType<{ guideId: string; slides: ReadonlyArray<{ id: string; screenshotUrl: string | null }> }>;

/** The guide list's health badges come from the drift feature: its hook, handed in by the route. */
export type UseGuidesHealth = (pages: ReadonlyArray<ReadonlyArray<{ id: string }>>) => ReadonlyMap<string, GuideHealth>;
