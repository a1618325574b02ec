/**
 * Sikka's contact details. They are placeholders (PRODUCT.md §1: "Footer contact details are
 * placeholders") and match the footer's.
 */
export const SUPPORT_EMAIL = 'support@sikka.example';
export const SUPPORT_PHONE = '+91 00000 00000';
export const SUPPORT_PHONE_HREF = 'tel:+910000000000';
export const GRIEVANCE_EMAIL = 'grievance@sikka.example';
export const COMPLIANCE_EMAIL = 'compliance@sikka.example';
export const OFFICE_ADDRESS = '1st Floor, Example House, MG Road, Bengaluru 560001, India';
