/** Product-wide constants: the fixed timings and limits of the store in one place. */

export const BRAND_NAME = 'FreshCart';

/** Placeholder WhatsApp Business number for support (country code + number, digits only). */
export const SUPPORT_WHATSAPP_NUMBER = '919000000000';
export const SUPPORT_EMAIL = 'support@freshcart.example';
export const SUPPORT_PHONE_DISPLAY = '+91 90000 00000';
export const SUPPORT_HOURS = '9:00 AM–8:00 PM IST';

export const BEST_SELLER_COUNT = 10;
export const RELATED_PRODUCT_COUNT = 5;
export const PRODUCT_IMAGE_SLOTS = 4;
/** The image types the server stores for a product (JPEG, PNG, WebP): the file picker offers only these. */
export const PRODUCT_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
export const LOADER_REDIRECT_MS = 5000;
export const SELLER_ORDERS_PAGE_SIZE = 20;

export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';

/** wa.me link that opens a chat with support, quoting the order's id. */
export function whatsappSupportUrl(orderId: string): string {
  const text = `Hi ${BRAND_NAME} support, I need help with my order ${orderId}.`;
  return `https://wa.me/${SUPPORT_WHATSAPP_NUMBER}?text=${encodeURIComponent(text)}`;
}
