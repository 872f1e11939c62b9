/** The product's name is configuration in the deployment; this is the default every surface shows. */
export const PRODUCT_NAME = 'Stepcast';

export const SUPPORT_EMAIL = 'support@stepcast.app';
