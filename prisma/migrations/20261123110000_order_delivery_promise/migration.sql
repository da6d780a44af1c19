-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "promised_at" TIMESTAMP(3);
