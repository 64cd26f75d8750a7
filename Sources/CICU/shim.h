// ICU for Swift: normalisation (unorm2), confusable skeletons and the script check
// (uspoof), character properties (uchar). ICU renames every function by its version
// (uspoof_open becomes uspoof_open_72) with macros, which Swift cannot import, so each
// function used is wrapped here, where the macros expand.
#ifndef CICU_SHIM_H
#define CICU_SHIM_H

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>

/// NFC, the form logins are stored in.
static inline const UNormalizer2 *cicu_nfc(UErrorCode *error) {
  return unorm2_getNFCInstance(error);
}

/// NFKC_Casefold: what makes two logins one account.
static inline const UNormalizer2 *cicu_nfkc_casefold(UErrorCode *error) {
  return unorm2_getNFKCCasefoldInstance(error);
}

static inline int32_t cicu_normalize(
    const UNormalizer2 *normalizer, const UChar *source, int32_t length, UChar *destination,
    int32_t capacity, UErrorCode *error) {
  return unorm2_normalize(normalizer, source, length, destination, capacity, error);
}

/// A spoof checker at UTS #39's "moderately restrictive" level, also flagging a mark
/// repeated on one character and digits of different number systems.
static inline USpoofChecker *cicu_spoof_open(UErrorCode *error) {
  USpoofChecker *checker = uspoof_open(error);
  if (U_FAILURE(*error)) return checker;
  uspoof_setChecks(
      checker, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS, error);
  uspoof_setRestrictionLevel(checker, USPOOF_MODERATELY_RESTRICTIVE);
  return checker;
}

static inline void cicu_spoof_close(USpoofChecker *checker) { uspoof_close(checker); }

/// The failed checks (USPOOF_RESTRICTION_LEVEL, ...), 0 when none failed.
static inline int32_t cicu_spoof_check(
    const USpoofChecker *checker, const UChar *text, int32_t length, UErrorCode *error) {
  return uspoof_check(checker, text, length, NULL, error);
}

static inline int32_t cicu_skeleton(
    const USpoofChecker *checker, const UChar *text, int32_t length, UChar *destination,
    int32_t capacity, UErrorCode *error) {
  return uspoof_getSkeleton(checker, 0, text, length, destination, capacity, error);
}

static inline int32_t cicu_restriction_level_failed(void) { return USPOOF_RESTRICTION_LEVEL; }
static inline int32_t cicu_invisible_failed(void) { return USPOOF_INVISIBLE; }
static inline int32_t cicu_mixed_numbers_failed(void) { return USPOOF_MIXED_NUMBERS; }

/// The general category (U_UPPERCASE_LETTER, U_CONTROL_CHAR, ...).
static inline int8_t cicu_char_type(UChar32 c) { return u_charType(c); }

/// Default_Ignorable_Code_Point: invisible whatever its category.
static inline UBool cicu_is_default_ignorable(UChar32 c) {
  return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

static inline UBool cicu_is_white_space(UChar32 c) {
  return u_hasBinaryProperty(c, UCHAR_WHITE_SPACE);
}

#endif
