export const e2eOwner = { email: "owner@e2e.test", password: "e2e-owner-password" };
