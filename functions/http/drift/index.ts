import { dispatch } from '../../core/dispatch';
import { applyStep, getCheck, guideHealth, latestCheck, setSchedule, startCheck } from './checks';
import { deleteSiteSession, listSiteSessions, saveSiteSession } from './site-sessions';

export const handler = dispatch('drift', { startCheck, latestCheck, getCheck, applyStep, setSchedule, guideHealth, saveSiteSession, listSiteSessions, deleteSiteSession });
