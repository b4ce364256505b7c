import { api, KEEP_SHORT } from '../../lib/api';
import type { UserInfo } from '../../lib/models';

export interface GoogleBody {
  credential: string;
  googleId?: string;
  email?: string;
  username?: string;
  photoURL?: string;
}

export interface ProfileUpdate {
  _id: string;
  username: string;
  email: string;
  password?: string;
  currentPassword?: string;
}

const USERS = '/api/users';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<UserInfo, { email: string; password: string }>({
      query: (body) => ({ url: `${USERS}/auth`, method: 'POST', body }),
    }),
    register: build.mutation<UserInfo, { username: string; email: string; password: string }>({
      query: (body) => ({ url: USERS, method: 'POST', body }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: `${USERS}/logout`, method: 'POST' }),
    }),
    googleLogin: build.mutation<UserInfo, GoogleBody>({
      query: (body) => ({ url: `${USERS}/google-login`, method: 'POST', body }),
    }),
    googleSignin: build.mutation<UserInfo, GoogleBody>({
      query: (body) => ({ url: `${USERS}/google-signin`, method: 'POST', body }),
    }),
    distributorRegister: build.mutation<UserInfo, { username: string; email: string; password: string; storeName: string }>({
      query: (body) => ({ url: `${USERS}/distributor/register`, method: 'POST', body }),
    }),
    distributorLogin: build.mutation<UserInfo, { email: string; password: string }>({
      query: (body) => ({ url: `${USERS}/distributor/login`, method: 'POST', body }),
    }),
    profile: build.query<UserInfo, void>({
      query: () => `${USERS}/profile`,
      providesTags: ['User'],
      keepUnusedDataFor: KEEP_SHORT,
    }),
    updateProfile: build.mutation<UserInfo, ProfileUpdate>({
      query: (body) => ({ url: `${USERS}/profile`, method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: `${USERS}/forgot-password`, method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message: string }, { token: string; password: string }>({
      query: ({ token, password }) => ({ url: `${USERS}/reset-password/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
    }),
    requestDeletion: build.mutation<{ message?: string }, void>({
      query: () => ({ url: `${USERS}/request-deletion`, method: 'POST' }),
    }),
    confirmDeletion: build.mutation<{ message?: string }, string>({
      query: (token) => ({ url: `${USERS}/confirm-deletion/${encodeURIComponent(token)}`, method: 'POST' }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useGoogleLoginMutation,
  useGoogleSigninMutation,
  useDistributorRegisterMutation,
  useDistributorLoginMutation,
  useUpdateProfileMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useRequestDeletionMutation,
  useConfirmDeletionMutation,
} = authApi;
