/** Every view in the classic look, in English (also on a phone, with axe), Chinese and Arabic (views-gallery.ts). */
import { viewsGallery } from './views-gallery.js';

viewsGallery('classic');
