// Two surfaces: what viewers are shown (no sharp: the share function reads it on every answer),
// and the settings, whose logo check needs sharp (the brand function alone).
export * as Brand from './shown';
export * as BrandSettings from './settings';
