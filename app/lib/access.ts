export const accessDeniedText = "Access denied. Admin privileges required.";

/** Staff run the magazine: the one test of "may use staff screens and staff-only rules" (today the admin role). */
export const staffRoles: readonly string[] = ["admin"];
export const isStaff = (role: string | null | undefined): boolean => role != null && staffRoles.includes(role);
