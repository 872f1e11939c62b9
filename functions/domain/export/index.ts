export * as Export from './export';
export * as ExportJob from './job';
