// ICU for Swift: normalisation (unorm2), confusable skeletons and the script check
// (uspoof), character properties (uchar), with none of ICU's own types or headers.
// Foundation carries its own ICU (_FoundationICU), whose UErrorCode, UProperty, ... differ
// from the system's: a Swift file that saw both clang modules could fail to compile
// ("'UErrorCode' has different definitions in different modules"; now and then, on a
// clean build). ICU is included in cicu.c only; this header speaks in
// plain C types, and cicu.c checks at compile time that its numbers are ICU's.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

/// A normaliser (ICU's UNormalizer2), owned by ICU: never closed.
typedef struct cicu_normalizer cicu_normalizer;
/// A spoof checker (ICU's USpoofChecker).
typedef struct cicu_spoof_checker cicu_spoof_checker;

/// ICU's error codes (UErrorCode): 0 is success, below it a warning, above it a failure.
/// Every `error` below is ICU's status in and out: the call starts from `*error`, and as
/// every ICU function, does nothing when it is already a failure (how tests inject one).
#define CICU_ZERO_ERROR 0
/// ICU's data could not be found (what a missing libicudata says).
#define CICU_MISSING_RESOURCE_ERROR 2
/// The output did not fit: the function returned the length it needs.
#define CICU_BUFFER_OVERFLOW_ERROR 15

/// The general categories (ICU's UCharCategory) the login rules look at.
typedef enum cicu_category {
  CICU_UNASSIGNED = 0,
  CICU_UPPERCASE_LETTER = 1,
  CICU_LOWERCASE_LETTER = 2,
  CICU_TITLECASE_LETTER = 3,
  CICU_MODIFIER_LETTER = 4,
  CICU_OTHER_LETTER = 5,
  CICU_NON_SPACING_MARK = 6,
  CICU_ENCLOSING_MARK = 7,
  CICU_COMBINING_SPACING_MARK = 8,
  CICU_DECIMAL_DIGIT_NUMBER = 9,
  CICU_SPACE_SEPARATOR = 12,
  CICU_LINE_SEPARATOR = 13,
  CICU_PARAGRAPH_SEPARATOR = 14,
  CICU_CONTROL_CHAR = 15,
  CICU_FORMAT_CHAR = 16,
  CICU_PRIVATE_USE_CHAR = 17,
  CICU_SURROGATE = 18,
} cicu_category;

/// NFC, the form logins are stored in; NULL with `*error` set on a failure.
const cicu_normalizer *cicu_nfc(int32_t *error);

/// NFKC_Casefold: what makes two logins one account.
const cicu_normalizer *cicu_nfkc_casefold(int32_t *error);

/// Writes `source` normalised into `destination`; returns its length (the length needed,
/// with CICU_BUFFER_OVERFLOW_ERROR, when `capacity` is too small).
int32_t cicu_normalize(
    const cicu_normalizer *normalizer, const uint16_t *source, int32_t length,
    uint16_t *destination, int32_t capacity, int32_t *error);

/// A spoof checker at UTS #39's "moderately restrictive" level, also flagging a mark
/// repeated on one character and digits of different number systems.
cicu_spoof_checker *cicu_spoof_open(int32_t *error);

void cicu_spoof_close(cicu_spoof_checker *checker);

/// The failed checks (see the three below), 0 when none failed.
int32_t cicu_spoof_check(
    const cicu_spoof_checker *checker, const uint16_t *text, int32_t length, int32_t *error);

/// The confusable skeleton of `text`, written as `cicu_normalize` writes.
int32_t cicu_skeleton(
    const cicu_spoof_checker *checker, const uint16_t *text, int32_t length,
    uint16_t *destination, int32_t capacity, int32_t *error);

/// The bits of `cicu_spoof_check`'s answer: scripts mixed beyond the level, a mark
/// repeated (or an invisible character), digits of different systems.
int32_t cicu_restriction_level_failed(void);
int32_t cicu_invisible_failed(void);
int32_t cicu_mixed_numbers_failed(void);

/// The general category of a code point.
cicu_category cicu_char_type(int32_t code_point);

/// Default_Ignorable_Code_Point: invisible whatever its category.
int cicu_is_default_ignorable(int32_t code_point);

/// White_Space.
int cicu_is_white_space(int32_t code_point);

#endif
