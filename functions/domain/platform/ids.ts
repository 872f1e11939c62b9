import { customAlphabet } from 'nanoid';
import { GUIDE_ID_LENGTH } from '#shared/share/link';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Guide ids end share links, so they are short: 12 characters, about 71 random bits. */
export const newGuideId = customAlphabet(ALPHANUMERIC, GUIDE_ID_LENGTH);

/** Every other id: 21 characters, about 125 random bits. */
export const newId = customAlphabet(ALPHANUMERIC, 21);
