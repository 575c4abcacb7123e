import { documentSchema, type Document } from '@common/documents';
import { postFile, type UploadOptions } from '@/documents/documentsApi';
import { required, searchParams, seg } from '@/lib/api-params';

// The uploads of SPEC section 7 for a shipment's papers and its legs', apart from
// documentsApi.ts: only the shipment pages load them, never the dashboard.

/** POST /api/documents/{record}/{id}: a file for a shipment or a transport. */
async function uploadForRecord(
  call: string,
  record: 'shipment' | 'transport',
  id: number,
  options: UploadOptions,
): Promise<Document> {
  required(id, `${record}Id`, call);
  const params = searchParams({ userId: options.userId, documentType: options.documentType });
  const url = `/api/documents/${record}/${seg(id)}`;
  const { data } = await postFile(call, url, params, options);
  return documentSchema.parse(data);
}

/** POST /api/documents/shipment/{shipmentId} */
export function uploadShipmentDocument(shipmentId: number, options: UploadOptions) {
  return uploadForRecord('uploadShipmentDocument', 'shipment', shipmentId, options);
}

/** POST /api/documents/transport/{transportId} */
export function uploadTransportDocument(transportId: number, options: UploadOptions) {
  return uploadForRecord('uploadTransportDocument', 'transport', transportId, options);
}
