/**
 * The field checks of spec section 5, from `@px/config`. Kept in a module of its own so that screens
 * load it on demand (`loadFieldValidators`): `@px/config`'s validators module also builds the API's
 * zod schemas, which would otherwise put zod into the sign-in page's first bundle.
 */
export {
  hasSurroundingWhitespace,
  isEmail,
  isIdCardNumber,
  isMobile,
  isPassword,
  VALIDATION_MESSAGES,
} from '@px/config';
