import BackupDownload from './BackupDownload.tsx';
import CopyEmbed from './CopyEmbed.tsx';
import CopyField from './CopyField.tsx';
import ExportEntries from './ExportEntries.tsx';
import FormBuilder from './FormBuilder.tsx';
import ForumNotice from './ForumNotice.tsx';
import ImportRunStatus from './ImportRunStatus.tsx';
import ImportUpload from './ImportUpload.tsx';
import MediaLibrary from './MediaLibrary.tsx';
import PostEditor from './PostEditor.tsx';
import RecordPayment from './RecordPayment.tsx';
import SelectAllEntries from './SelectAllEntries.tsx';
import SelectAllPosts from './SelectAllPosts.tsx';
import SettingsScreen from './SettingsScreen.tsx';
import StatsChart from './StatsChart.tsx';

/**
 * The admin's interactive components, by the name a page gives them: rendered on the server
 * (server/island-markup.ts) and hydrated in the browser by the admin's own bundle
 * (admin-client.tsx), which no visitor page loads (decision 0033).
 */
export const adminIslands = {
  BackupDownload,
  CopyEmbed,
  CopyField,
  ExportEntries,
  FormBuilder,
  ForumNotice,
  ImportRunStatus,
  ImportUpload,
  MediaLibrary,
  PostEditor,
  RecordPayment,
  SelectAllEntries,
  SelectAllPosts,
  SettingsScreen,
  StatsChart,
} as const;

export type AdminIslandName = keyof typeof adminIslands;
