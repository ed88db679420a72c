import { englishMessages, type InputRequestMessages } from '../src/index.ts';

const number = new Intl.NumberFormat('ar');

/**
 * A host's own Arabic words for the parts of the card the right-to-left stories show. The library
 * ships English and German; an app in Arabic, Hebrew or Persian passes its own `messages`, with
 * its `locale`, and its page's `dir="rtl"` mirrors the card. Keys not listed here stay English.
 */
export const arabicMessages: Partial<InputRequestMessages> = {
  locale: 'ar',
  // "A question from …", open or over, as the German words hold both.
  askedBy: (serverName) => `سؤال من ${serverName}`,
  askedByClosed: (serverName) => `سؤال من ${serverName}`,
  askedByUnknown: 'سؤال من أداة',
  askedByUnknownClosed: 'سؤال من أداة',
  viaTool: (toolName) => `الأداة: ${toolName}`,
  accept: 'قبول',
  decline: 'رفض',
  cancel: 'إلغاء',
  required: 'مطلوب',
  progress: (answered, total) => `تمت الإجابة عن ${number.format(answered)} من ${number.format(total)}`,
  questionPosition: (position, total) => `السؤال ${number.format(position)} من ${number.format(total)}`,
  fieldError: (error, field) =>
    error.keyword === 'required'
      ? 'هذا الحقل مطلوب.'
      : error.keyword === 'maximum'
        ? `أدخل رقمًا لا يزيد على ${number.format(Number(error.params.limit))}.`
        : englishMessages.fieldError(error, field),
  openLink: 'فتح الرابط',
  openAnyway: 'افتح على أي حال',
  done: 'تم',
  openAgain: 'فتح مرة أخرى',
  linkOpensIn: 'يُفتح في علامة تبويب جديدة. تحقّق من العنوان قبل المتابعة.',
  linkSite: 'الموقع:',
  linkWaiting: (doneLabel) => `أكمل الخطوات في علامة التبويب الجديدة، ثم اضغط «${doneLabel}».`,
  linkInsecure:
    'هذا العنوان غير مشفّر (http). يمكن لآخرين على الشبكة قراءة الصفحة وما تكتبه فيها أو تغييرهما.',
  show: 'إظهار',
  hide: 'إخفاء',
  showSecret: (fieldLabel) => `إظهار ${fieldLabel}`,
  hideSecret: (fieldLabel) => `إخفاء ${fieldLabel}`,
  secretWarning: (declineLabel) =>
    `تنبيه: يمنع بروتوكول MCP الخوادم من طلب كلمات المرور أو مفاتيح API أو بيانات الدفع في نموذج. إذا لم تكن تتوقع هذا السؤال، فاضغط «${declineLabel}».`,
  cannotAnswer: 'لا يمكن الإجابة عن هذا الطلب هنا',
  outcome: (outcome) =>
    outcome === 'accepted' || outcome === 'answered' ? 'لقد أجبت.' : englishMessages.outcome(outcome),
  receiptDetails: 'إجاباتك',
  receiptValue: (value) => (value.kind === 'secret' ? 'مخفي' : englishMessages.receiptValue(value)),
  unsupportedReason: (request) =>
    request.reasonCode === 'sampling'
      ? 'يطلب الخادم من هذا التطبيق تشغيل نموذج لغوي (sampling). لا تستطيع هذه البطاقة الإجابة عن ذلك؛ يمكنك الرفض أو الإلغاء.'
      : englishMessages.unsupportedReason(request),
};

/** The words of the look stories' form (`Card/Look and feel`), as its server writes them. */
export interface DetailsWords {
  name: string;
  nameHint: string;
  budget: string;
  size: string;
  sizes: readonly [string, string, string];
  token: string;
  newsletter: string;
}

/** The look stories' form as an Arabic server words it. */
export const arabicDetailsWords: DetailsWords = {
  name: 'الاسم الكامل',
  nameHint: 'كما في بطاقة الهوية.',
  budget: 'الميزانية (يورو)',
  size: 'الحجم',
  sizes: ['صغير', 'متوسط', 'كبير'],
  token: 'رمز الوصول',
  newsletter: 'الاشتراك في النشرة الإخبارية',
};
