import { studentCalls } from '../../contract/student';
import { implement } from '../../core/action';
import { listStudents, studentDetail, updateStudent } from './student.service';
import { captureImage, listCaptures, studentFacePhoto } from './student-face';
import { checkStudentIdentity } from './student-identity';
import { importStudents, importTemplate } from './student-import';

/** Student management (`student/...`): list, detail, corrections, import, face photo and captures. */
export const studentActions = implement(studentCalls, {
  list: (ctx, input) => listStudents(ctx, input),
  detail: (ctx, input) => studentDetail(ctx, input.id),
  update: (ctx, input) => updateStudent(ctx, input),
  'id-card-check': (ctx, input) => checkStudentIdentity(ctx, input.id),
  import: (ctx) =>
    importStudents(
      ctx,
      ctx.files.find((file) => file.field === 'file'),
    ),
  'import-template': () => importTemplate(),
  'face-photo': (ctx, input) => studentFacePhoto(ctx, input.id),
  'capture-list': (ctx, input) => listCaptures(ctx, input),
  'capture-image': (ctx, input) => captureImage(ctx, input.id),
});
