import { dispatch } from '../../core/dispatch';
import { createLogoUpload, getBrand, putBrand } from './brand';

export const handler = dispatch('brand', { getBrand, putBrand, createLogoUpload });
