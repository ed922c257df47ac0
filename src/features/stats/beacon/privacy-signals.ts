/** The parts of `navigator` that carry a visitor's wish not to be tracked. */
export type PrivacySignals = {
  doNotTrack?: string | null;
  /** Global Privacy Control (https://privacycg.github.io/gpc-spec/); not in every browser. */
  globalPrivacyControl?: boolean;
};

/**
 * Whether the beacon stays silent: the site respects Do Not Track (stats setting
 * `respectDoNotTrack`) and the browser sends Do Not Track or Global Privacy Control.
 */
export function staysSilent(respectDoNotTrack: boolean, signals: PrivacySignals): boolean {
  return respectDoNotTrack && (signals.doNotTrack === '1' || !!signals.globalPrivacyControl);
}
