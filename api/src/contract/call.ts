/** The catalogue's declaration helpers and types live in `@px/config` (shared with the apps' client). */
export {
  type AnswerOf,
  type AnyCall,
  answer,
  type CallAccess,
  type CallSpec,
  defineCalls,
  type FileAnswer,
  fileAnswer,
  type KeyedCalls,
  type ParsedInputOf,
} from '@px/config';
