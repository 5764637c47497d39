import type { MailCategory } from '@coop/core/contracts';
import { errorMessage, FormMessage } from '../../../components/form';
import { QueryState } from '../../../components/display/query-state';
import { useMailSettings, useUpdateMailSetting } from '../api/mail-settings';
import { MemberPageTitle } from '../components/member-page-title';

/** Which mails the member receives; security mails are shown as always on and cannot be turned off. */
export function MailSettingsPage() {
  const settings = useMailSettings();
  const update = useUpdateMailSetting();
  return (
    <>
      <MemberPageTitle
        title="Mail Settings"
        lead="Everything still appears in your notifications; these choose what is also sent to your email."
      />
      <QueryState query={settings} label="your mail settings">
        {(data) => (
          <div className="max-w-2xl space-y-3">
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {data.settings.map((s) => (
                <li key={s.category} className="flex items-start gap-3 p-4">
                  <input
                    id={`mail-${s.category}`}
                    type="checkbox"
                    className="mt-1 size-5 shrink-0"
                    checked={s.enabled}
                    disabled={s.locked || update.isPending}
                    onChange={(e) =>
                      update.mutate({ category: s.category as MailCategory, enabled: e.target.checked })
                    }
                  />
                  <label htmlFor={`mail-${s.category}`} className="min-w-0">
                    <span className="block font-semibold text-slate-900">
                      {s.label}
                      {s.locked && (
                        <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                          Always on
                        </span>
                      )}
                    </span>
                    <span className="block text-sm text-slate-700">{s.description}</span>
                  </label>
                </li>
              ))}
            </ul>
            {update.isError && <FormMessage tone="error" message={errorMessage(update.error)} />}
            {update.isSuccess && <FormMessage tone="success" message="Your mail settings are saved." />}
          </div>
        )}
      </QueryState>
    </>
  );
}
