import { it } from 'vitest';
import { startCleanThenLeaveThingsBehind } from './state';

it('starts with nothing the other file left behind', () => startCleanThenLeaveThingsBehind('second'));
