// The ICU calls behind cicu.h. ICU renames every function by its version (uspoof_open
// becomes uspoof_open_72) with macros, which Swift cannot import: they expand here.
#include "cicu.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>

// The numbers cicu.h gives Swift are ICU's (compared as ints: they are two enum types).
#define CICU_SAME(ours, icus) _Static_assert((int)(ours) == (int)(icus), #icus)

_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UTF-16 units");
CICU_SAME(CICU_ZERO_ERROR, U_ZERO_ERROR);
CICU_SAME(CICU_BUFFER_OVERFLOW_ERROR, U_BUFFER_OVERFLOW_ERROR);
CICU_SAME(CICU_MISSING_RESOURCE_ERROR, U_MISSING_RESOURCE_ERROR);
CICU_SAME(CICU_UNASSIGNED, U_UNASSIGNED);
CICU_SAME(CICU_UPPERCASE_LETTER, U_UPPERCASE_LETTER);
CICU_SAME(CICU_LOWERCASE_LETTER, U_LOWERCASE_LETTER);
CICU_SAME(CICU_TITLECASE_LETTER, U_TITLECASE_LETTER);
CICU_SAME(CICU_MODIFIER_LETTER, U_MODIFIER_LETTER);
CICU_SAME(CICU_OTHER_LETTER, U_OTHER_LETTER);
CICU_SAME(CICU_NON_SPACING_MARK, U_NON_SPACING_MARK);
CICU_SAME(CICU_ENCLOSING_MARK, U_ENCLOSING_MARK);
CICU_SAME(CICU_COMBINING_SPACING_MARK, U_COMBINING_SPACING_MARK);
CICU_SAME(CICU_DECIMAL_DIGIT_NUMBER, U_DECIMAL_DIGIT_NUMBER);
CICU_SAME(CICU_SPACE_SEPARATOR, U_SPACE_SEPARATOR);
CICU_SAME(CICU_LINE_SEPARATOR, U_LINE_SEPARATOR);
CICU_SAME(CICU_PARAGRAPH_SEPARATOR, U_PARAGRAPH_SEPARATOR);
CICU_SAME(CICU_CONTROL_CHAR, U_CONTROL_CHAR);
CICU_SAME(CICU_FORMAT_CHAR, U_FORMAT_CHAR);
CICU_SAME(CICU_PRIVATE_USE_CHAR, U_PRIVATE_USE_CHAR);
CICU_SAME(CICU_SURROGATE, U_SURROGATE);

const cicu_normalizer *cicu_nfc(int32_t *error) {
  UErrorCode status = (UErrorCode)*error;
  const UNormalizer2 *normalizer = unorm2_getNFCInstance(&status);
  *error = status;
  return (const cicu_normalizer *)normalizer;
}

const cicu_normalizer *cicu_nfkc_casefold(int32_t *error) {
  UErrorCode status = (UErrorCode)*error;
  const UNormalizer2 *normalizer = unorm2_getNFKCCasefoldInstance(&status);
  *error = status;
  return (const cicu_normalizer *)normalizer;
}

int32_t cicu_normalize(
    const cicu_normalizer *normalizer, const uint16_t *source, int32_t length,
    uint16_t *destination, int32_t capacity, int32_t *error) {
  UErrorCode status = (UErrorCode)*error;
  int32_t written = unorm2_normalize(
      (const UNormalizer2 *)normalizer, source, length, destination, capacity, &status);
  *error = status;
  return written;
}

cicu_spoof_checker *cicu_spoof_open(int32_t *error) {
  UErrorCode status = (UErrorCode)*error;
  USpoofChecker *checker = uspoof_open(&status);
  if (U_SUCCESS(status)) {
    uspoof_setChecks(
        checker, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS, &status);
    uspoof_setRestrictionLevel(checker, USPOOF_MODERATELY_RESTRICTIVE);
  }
  *error = status;
  return (cicu_spoof_checker *)checker;
}

void cicu_spoof_close(cicu_spoof_checker *checker) { uspoof_close((USpoofChecker *)checker); }

int32_t cicu_spoof_check(
    const cicu_spoof_checker *checker, const uint16_t *text, int32_t length, int32_t *error) {
  UErrorCode status = (UErrorCode)*error;
  int32_t failed = uspoof_check((const USpoofChecker *)checker, text, length, NULL, &status);
  *error = status;
  return failed;
}

int32_t cicu_skeleton(
    const cicu_spoof_checker *checker, const uint16_t *text, int32_t length,
    uint16_t *destination, int32_t capacity, int32_t *error) {
  UErrorCode status = (UErrorCode)*error;
  int32_t written = uspoof_getSkeleton(
      (const USpoofChecker *)checker, 0, text, length, destination, capacity, &status);
  *error = status;
  return written;
}

int32_t cicu_restriction_level_failed(void) { return USPOOF_RESTRICTION_LEVEL; }
int32_t cicu_invisible_failed(void) { return USPOOF_INVISIBLE; }
int32_t cicu_mixed_numbers_failed(void) { return USPOOF_MIXED_NUMBERS; }

cicu_category cicu_char_type(int32_t code_point) {
  return (cicu_category)u_charType(code_point);
}

int cicu_is_default_ignorable(int32_t code_point) {
  return u_hasBinaryProperty(code_point, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

int cicu_is_white_space(int32_t code_point) {
  return u_hasBinaryProperty(code_point, UCHAR_WHITE_SPACE);
}
