import { discordCallback, discordRedirect } from './discord.ts';
import { addFavorite, removeFavorite } from './favorites.ts';
import { logout, showLogin, showLogout, submitLogin } from './login.ts';
import {
  showForgotPassword,
  showResetPassword,
  submitForgotPassword,
  submitResetPassword,
} from './password-reset.ts';
import { showRegister, submitRegister } from './register.ts';
import {
  showSettings,
  submitChangePassword,
  submitDeleteAccount,
  submitUnlinkDiscord,
  submitUserInfo,
} from './settings.ts';
import type { Area, RouteDef } from '../routing/types.ts';

/**
 * Sign-in, registration, password reset, settings and favorites.
 * Who may call each is the `auth` field (enforced by routing/register.ts); every mutation also needs
 * the CSRF token (src/http/csrf.ts). Auth pages use the Auth layout; all are server-rendered.
 */
const route = (def: Omit<RouteDef, 'ssr'> & { ssr?: boolean }): RouteDef => ({ ssr: true, ...def });

export const accountsArea: Area = {
  name: 'accounts',
  routes: [
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
      handler: showLogout,
    }),
    route({
      name: 'auth.logout.submit',
      method: 'POST',
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
  ],
};
