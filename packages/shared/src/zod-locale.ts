import { z } from 'zod';

/** Every validation message a user may see is Russian, including zod's generic ones. */
z.config(z.locales.ru());
