import { dispatch } from '../../core/dispatch';
import { health } from './health';
import { live } from './live';
import { notFound } from './not-found';
import { openapi } from './openapi';

export const handler = dispatch('health', { health, live, notFound, openapi });
