/** A file an admin picked for an import, as the API takes it. */
export interface ImportFile {
  name: string;
  contentType: 'text/csv' | 'application/json';
  content: string;
}

/** JSON by its name or type (products only); everything else is sent as CSV. */
export function importFileOf(name: string, type: string, content: string): ImportFile {
  const json = /\.json$/i.test(name) || type === 'application/json';
  return { name, contentType: json ? 'application/json' : 'text/csv', content };
}

/** «строка 3» for CSV, «запись 3» for a JSON array (its element's number). */
export function rowLabel(file: ImportFile, line: number): string {
  return `${file.contentType === 'application/json' ? 'запись' : 'строка'} ${line}`;
}

export function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Не удалось прочитать файл'));
    reader.readAsText(file, 'utf-8');
  });
}
