/** The build's rules that an operator can tune (producer.md §3). */
export interface BuildSettings {
  /** A schedule without a window stays pending this long after it was announced (UNKNOWN_AFTER_HOURS). */
  readonly unknownAfterHours: number;
  /** How late (and how early) a completion may arrive and still fulfil a schedule (LATE_LINK_HOURS). */
  readonly lateLinkHours: number;
}

export const DEFAULT_BUILD_SETTINGS: BuildSettings = { unknownAfterHours: 72, lateLinkHours: 24 };
