import { dispatch } from '../../core/dispatch';
import { createExport, deleteExport, getExport, listExports, retryExport } from './exports';

export const handler = dispatch('exports', { createExport, listExports, getExport, deleteExport, retryExport });
