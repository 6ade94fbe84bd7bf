// @portal/kit: the public API of docs/decisions/002-kit-api.md.

// Session and API
export { useSession, TOKEN_STORAGE_KEY, type SessionState } from './session/session.store';
export { useUserDetails, refreshUserDetails, type UserDetailsView } from './session/user-details';
export { api, type ApiOptions, type ApiQuery } from './api/api-client';
export { ApiError, NETWORK_ERROR_STATUS } from './api/api-error';

// Data layer: server state through one QueryClient shared by the shell and the remotes (docs/decisions/025)
export { QueryClientProvider as PortalQueryProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
export { createPortalQueryClient, shouldRetryQuery, QUERY_STALE_MS } from './data/query-client';
export { endpointKey, endpointScope, API_QUERY_ROOT, type EndpointInput, type EndpointRef } from './data/endpoint-key';
export { useEndpointQuery, useEndpointPage, type EndpointQueryOptions, type EndpointPage } from './data/use-endpoint-query';
export { useEndpointPages, type EndpointPages, type EndpointPagesOptions } from './data/use-endpoint-pages';
export { useEndpointMutation, type EndpointCall, type EndpointMutationOptions } from './data/use-endpoint-mutation';
export { useEndpointFetch, type EndpointFetchOptions } from './data/use-endpoint-fetch';
export { prefetchEndpoint, type PrefetchOptions, type StartedAnswer } from './data/prefetch-endpoint';
export { uploadFile, type UploadKind, type UploadOptions } from './api/upload-file';
export { sessionAuthHeaders, uploadAnswer } from './api/upload-answer';
export { fileUrl, useAudioLink } from './api/file-url';

// Theme and toasts
export { theme, type PortalTheme } from './theme/theme';
export { GlobalStyle } from './theme/GlobalStyle';
export { PortalToaster, TOAST_BOTTOM_VAR } from './toast/PortalToaster';
export { TOAST_LIFT_VAR, useToastClearance } from './toast/use-toast-clearance';
export { notify } from './toast/notify';

// Form fields
export { TextField, type TextFieldProps } from './forms/TextField';
export { TextAreaField, type TextAreaFieldProps } from './forms/TextAreaField';
export { SelectField, type SelectFieldProps, type SelectOption } from './forms/SelectField';
export { CheckboxField, type CheckboxFieldProps } from './forms/CheckboxField';
export { RadioGroupField, type RadioGroupFieldProps } from './forms/RadioGroupField';
export { DatePickerField, type DatePickerFieldProps } from './forms/DatePickerField';
export { MonthPickerField, type MonthPickerFieldProps, type MonthPickerLabels } from './forms/MonthPickerField';
export { fileMatches, useFileUpload, type FileUploadOptions } from './forms/use-file-upload';
export { fieldError, fieldProps, formErrorToast, isValidationError, schemaErrors, textOf, type FieldErrors } from './forms/form-errors';
export { useLeaveGuard } from './forms/use-leave-guard';
export { guardHistory, installHistoryGuard, type HistoryGuard } from './forms/history-guard';

// UI
export { Button, buttonShape, type ButtonProps, type ButtonVariant } from './ui/Button';
export { Dialog, type DialogProps } from './ui/Dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/ConfirmDialog';
export { Loader, type LoaderProps } from './ui/Loader';
export { EmptyState } from './ui/EmptyState';
export { PageHeader } from './ui/PageHeader';
export { Card } from './ui/Card';
export { ComingSoon } from './ui/ComingSoon';
export {
  visuallyHidden, VisuallyHidden, Stack, Row, SectionTitle, SubTitle, Muted, FieldGrid, FullWidth, BulletList, Actions, Thumb,
  ThumbPlaceholder, FactGrid, ErrorBox, ListToolbar, ListTotal, CellTitle, Dash, Bar, Columns, AsideGrid,
} from './ui/layout';
export { bareFieldset, bareList, linkLike, outlinedRow, pill, tileList, tintedNote } from './ui/mixins';
export { NewTabLink, type NewTabLinkProps } from './ui/NewTabLink';
export { LineList, type LineListProps } from './ui/LineList';
export { MessageBubble, MessageHeader, MessageText, MessageThread } from './ui/message-thread';
export { DataTable, type DataTableColumn, type DataTableProps } from './table/DataTable';
export { Pagination, type PaginationProps } from './table/Pagination';
export { StatusIcon, type StatusIconProps } from './status/StatusIcon';
export { UrlListDialog, type UrlListDialogProps, type UrlListItem } from './dialogs/UrlListDialog';
export { FormDialog, type FormDialogProps } from './dialogs/FormDialog';
export { InfoDialog, type InfoDialogProps } from './dialogs/InfoDialog';
export { ReleaseGate } from './gates/ReleaseGate';
// Artwork and platform logos (docs/decisions/010)
export { ArtworkImage, type ArtworkImageProps, type ArtworkStage, fallbackWidth, nextArtworkStage, useArtworkStage } from './media/ArtworkImage';
export { PlatformLogoImage, type PlatformLogoImageProps, initialsOf, platformLogoUrl } from './media/PlatformLogoImage';

// Utilities
export { useDebouncedValue } from './utils/use-debounced-value';
export { formatDate } from './utils/format-date';

// Uploads to a multipart endpoint of the wire map
export { uploadToEndpoint, type EndpointUploadOptions } from './api/upload-to-endpoint';
// Tools and rights (docs/decisions/005)
export { SubmissionStatusIcon, type SubmissionStatusIconProps } from './tools-rights/SubmissionStatusIcon';
export { CardFormPage, type CardFormPageProps } from './forms/CardFormPage';
