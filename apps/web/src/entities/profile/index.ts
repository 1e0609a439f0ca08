/**
 * The signed-in user (000 §2 "Access to routes", 001 §2 "Settings"): the profile with their
 * role in the active brand's account. The signed-in route guard loads it before any page.
 */
export { fullName, getProfile, isAccountAdmin, profileKeys, profileQueryOptions } from './api';
export { useProfile } from './use-profile';
