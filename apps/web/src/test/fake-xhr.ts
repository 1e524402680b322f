// An upload's XMLHttpRequest (lib/api-client.ts apiUpload) over a test's fake fetch, and the
// fields of a posted form: shared by every feature's tests that send a form with a file.

/**
 * XMLHttpRequest (the upload path of lib/api-client.ts) over the same fake `fetch`: the call is
 * recorded like any other, its body is reported sent in two halves, and abort() cancels it.
 */
export function fakeXhrOver(fetchMock: (input: string, init: RequestInit) => Promise<Response>) {
  return class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    responseType = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private finished = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: string | FormData | null) {
      const total = body instanceof FormData ? formDataSize(body) : (body?.length ?? 0);
      const progress = (loaded: number) =>
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
        );
      progress(Math.ceil(total / 2));
      fetchMock(this.url, { method: this.method, headers: this.headers, body }).then(
        async (response) => {
          if (this.finished) return;
          progress(total);
          this.status = response.status;
          this.responseText = await response.text();
          this.finished = true;
          this.dispatchEvent(new Event('load'));
        },
        () => {
          if (this.finished) return;
          this.finished = true;
          this.dispatchEvent(new Event('error'));
        },
      );
    }
    abort() {
      if (this.finished) return;
      this.finished = true;
      this.dispatchEvent(new Event('abort'));
    }
  };
}

/**
 * The fields of a posted form by name: a name sent once, its value; sent more than once (a
 * multi_select's answer), the list; a file, the File.
 */
export function formFields(
  body: unknown,
): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  if (!(body instanceof FormData)) throw new Error('The body is not a form.');
  const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(body.keys())) {
    const values = body.getAll(name);
    fields[name] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

/** About the bytes a form's body takes on the wire: its values and files, without framing. */
function formDataSize(form: FormData): number {
  let size = 0;
  for (const [, value] of form.entries())
    size += typeof value === 'string' ? value.length : value.size;
  return size;
}
