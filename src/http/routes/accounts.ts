import { listUsersApi } from '../controllers/accounts/admin.ts';
import { discordCallback, discordRedirect } from '../controllers/accounts/discord.ts';
import { addFavorite, removeFavorite } from '../controllers/accounts/favorites.ts';
import { logout, showLogin, submitLogin } from '../controllers/accounts/login.ts';
import {
  showForgotPassword,
  showResetPassword,
  submitForgotPassword,
  submitResetPassword,
} from '../controllers/accounts/password-reset.ts';
import { showRegister, submitRegister } from '../controllers/accounts/register.ts';
import {
  showSettings,
  submitChangePassword,
  submitDeleteAccount,
  submitUnlinkDiscord,
  submitUserInfo,
} from '../controllers/accounts/settings.ts';
import type { RouteDef } from './types.ts';

/**
 * Sign-in, registration, password reset, settings, favorites and the users API.
 * Who may call each is the `auth` field (enforced by register.ts); every mutation also needs
 * the CSRF token (src/http/csrf.ts). Auth pages use the Auth layout; all are server-rendered.
 */
const route = (def: Omit<RouteDef, 'ssr'> & { ssr?: boolean }): RouteDef => ({ ssr: true, ...def });

export const accountRoutes: RouteDef[] = [
  route({
    name: 'auth.login',
    method: 'GET',
    path: '/auth/login',
    auth: 'guest',
    page: 'Auth/Login',
    handler: showLogin,
  }),
  route({
    name: 'auth.login.submit',
    method: 'POST',
    path: '/auth/login',
    auth: 'guest',
    handler: submitLogin,
  }),
  route({
    name: 'auth.register',
    method: 'GET',
    path: '/auth/register',
    auth: 'guest',
    page: 'Auth/Register',
    handler: showRegister,
  }),
  route({
    name: 'auth.register.submit',
    method: 'POST',
    path: '/auth/register',
    auth: 'guest',
    handler: submitRegister,
  }),
  route({
    name: 'auth.forgot',
    method: 'GET',
    path: '/auth/forgot-password',
    auth: 'guest',
    page: 'Auth/ForgotPassword',
    handler: showForgotPassword,
  }),
  route({
    name: 'auth.forgot.submit',
    method: 'POST',
    path: '/auth/forgot-password',
    auth: 'guest',
    handler: submitForgotPassword,
  }),
  route({
    name: 'auth.reset',
    method: 'GET',
    path: '/auth/reset-password',
    auth: 'guest',
    page: 'Auth/ResetPassword',
    handler: showResetPassword,
  }),
  route({
    name: 'auth.reset.submit',
    method: 'POST',
    path: '/auth/reset-password',
    auth: 'guest',
    handler: submitResetPassword,
  }),
  // Public: a guest signs in or registers with Discord, a member links Discord to the account.
  route({
    name: 'auth.discord.redirect',
    method: 'GET',
    path: '/auth/discord/redirect',
    auth: 'public',
    handler: discordRedirect,
  }),
  route({
    name: 'auth.discord.callback',
    method: 'GET',
    path: '/auth/discord/callback',
    auth: 'public',
    handler: discordCallback,
  }),
  route({
    name: 'auth.logout',
    method: 'GET',
    path: '/auth/logout',
    auth: 'public',
    handler: logout,
  }),
  route({
    name: 'auth.change_password',
    method: 'POST',
    path: '/auth/change-password',
    auth: 'user',
    handler: submitChangePassword,
  }),
  route({
    name: 'auth.user_info',
    method: 'POST',
    path: '/auth/user-info',
    auth: 'user',
    handler: submitUserInfo,
  }),
  route({
    name: 'auth.user.destroy',
    method: 'DELETE',
    path: '/auth/user',
    auth: 'user',
    handler: submitDeleteAccount,
  }),
  route({
    name: 'auth.linked_account.destroy',
    method: 'DELETE',
    path: '/auth/delete-linked-account',
    auth: 'user',
    handler: submitUnlinkDiscord,
  }),
  route({
    name: 'settings',
    method: 'GET',
    path: '/settings',
    auth: 'user',
    page: 'Settings/Index',
    handler: showSettings,
  }),
  route({
    name: 'favorites.store',
    method: 'POST',
    path: '/favorites',
    auth: 'user',
    handler: addFavorite,
  }),
  route({
    name: 'favorites.destroy',
    method: 'DELETE',
    path: '/favorites',
    auth: 'user',
    handler: removeFavorite,
  }),
  route({
    name: 'api.users',
    method: 'GET',
    path: '/api/users',
    auth: 'admin',
    handler: listUsersApi,
  }),
];
