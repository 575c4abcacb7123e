import { isValid, parseISO } from 'date-fns';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ProfileBody } from '@common/profile-body';
import { SEXES, type Sex, type User } from '@common/users';
import { formatPhone, isInternationalPhone, type FieldProblems } from '@/companies/formValues';

/** The seven profile fields as the form holds them; birthday as yyyy-MM-dd (the date input's). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  sex: string;
  birthday: string;
  nationality: string;
  country: string;
  mobile: string;
}

/** A stored number (E.164) shown the international way: +31 6 12345678. */
export const formatMobile = formatPhone;

export function profileFormValuesOf(user: User | null): ProfileFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    sex: user?.sex && (SEXES as readonly string[]).includes(user.sex) ? user.sex : '',
    birthday: user?.birthday ?? '',
    nationality: user?.nationality ?? '',
    country: user?.country ?? '',
    mobile: formatMobile(user?.mobile),
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Every field is required (SPEC section 5); the date of birth lies in the past. */
export function validateProfile(
  values: ProfileFormValues,
  today: Date = new Date(),
): FieldProblems<ProfileFormValues> {
  const problems: FieldProblems<ProfileFormValues> = {};
  for (const field of Object.keys(values) as (keyof ProfileFormValues)[]) {
    if (values[field].trim() === '') problems[field] = 'required';
  }
  if (!problems.sex && !(SEXES as readonly string[]).includes(values.sex)) problems.sex = 'sex';
  if (!problems.mobile && !isInternationalPhone(values.mobile)) problems.mobile = 'phone';
  if (!problems.birthday) {
    const date = parseISO(values.birthday);
    if (!DATE_ONLY.test(values.birthday) || !isValid(date)) problems.birthday = 'date';
    else if (date >= today) problems.birthday = 'birthdayPast';
  }
  return problems;
}

export function toProfileBody(values: ProfileFormValues): ProfileBody {
  const mobile = values.mobile.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    sex: values.sex as Sex,
    birthday: values.birthday,
    nationality: values.nationality,
    country: values.country,
    mobile: parsePhoneNumberFromString(mobile)?.number ?? mobile,
  };
}
