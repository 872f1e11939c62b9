import { dispatch } from '../../core/dispatch';
import { applyStep, getCheck, guideHealth, latestCheck, setSchedule, startCheck } from './checks';

export const handler = dispatch('drift', { startCheck, latestCheck, getCheck, applyStep, setSchedule, guideHealth });
