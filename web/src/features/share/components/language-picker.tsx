import { useId } from 'react';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { usePageWords } from '../words/page-words';

export interface LanguagePickerProps {
  languages: SharedGuideDto['languages'];
  value: string;
  onChange: (code: string) => void;
}

/** The guide's languages, its own first; shown only when it has more than one. */
export function LanguagePicker({ languages, value, onChange }: LanguagePickerProps) {
  const id = useId();
  const { words } = usePageWords();
  if (languages.length < 2) return null;
  return (
    <span className="language-picker">
      <label htmlFor={id} className="language-picker__label">
        {words.language}
      </label>
      <select id={id} className="language-picker__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </span>
  );
}
