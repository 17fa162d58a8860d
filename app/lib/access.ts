export const accessDeniedText = "Access denied. Admin privileges required.";
