import { dispatch } from '../../core/dispatch';
import { health } from './health';
import { notFound } from './not-found';

export const handler = dispatch('health', { health, notFound });
